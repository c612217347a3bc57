export { ContactBlock } from './ContactBlock';
export { Faq } from './Faq';
export { FAQ_ITEMS } from './faqContent';
export { FeatureTeaser } from './FeatureTeaser';
export { PAGE_CONTENT } from './pageContent';
export { SignInCta } from './SignInCta';
