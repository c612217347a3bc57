export { default as AchievementToaster } from './AchievementToaster';
