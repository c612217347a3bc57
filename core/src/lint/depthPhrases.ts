/** Ways a prompt demands depth: detail, thoroughness, coverage of everything. Read by constraints.ts. */
import { combine } from './phrases';

const DETAIL_NOUNS = [
  'explanation',
  'analysis',
  'answer',
  'description',
  'breakdown',
  'account',
  'report',
  'walkthrough',
  'review',
];
const THOROUGH_NOUNS = [...DETAIL_NOUNS, 'overview', 'guide', 'coverage', 'treatment', 'discussion', 'essay'];
const THOROUGH = ['thorough', 'comprehensive', 'exhaustive', 'extensive', 'in-depth', 'in depth', 'complete', 'full'];
const EVERY_WHAT = [
  'concern',
  'point',
  'question',
  'aspect',
  'detail',
  'issue',
  'edge case',
  'angle',
  'case',
  'scenario',
];

export const DEPTH: readonly string[] = [
  ...combine(
    [
      'in',
      'in great',
      'in full',
      'in exhaustive',
      'in much',
      'in lots of',
      'in considerable',
      'in extensive',
      'in granular',
    ],
    ['detail'],
  ),
  ...combine(['detailed', 'very detailed', 'highly detailed', 'extremely detailed'], DETAIL_NOUNS),
  'very detailed',
  'as detailed as possible',
  'as much detail as possible',
  'thoroughly',
  'comprehensively',
  'exhaustively',
  'extensively',
  ...combine(['be', 'is', 'are', 'make it', 'as'], ['thorough', 'comprehensive', 'exhaustive']),
  ...combine(
    [
      'address',
      'addresses',
      'answer',
      'answers',
      'cover',
      'covers',
      'explain',
      'discuss',
      'go through',
      'walk through',
    ],
    combine(['every', 'every single', 'each and every', 'every possible'], EVERY_WHAT),
  ),
  ...combine(THOROUGH, THOROUGH_NOUNS),
  'in-depth',
  'in depth',
  'long-form',
  'leave nothing out',
  "don't leave anything out",
  'do not leave anything out',
  "don't leave any detail out",
  'do not leave any detail out',
  "don't skip anything",
  'do not skip anything',
  'cover everything',
  ...combine(
    ['cover all', 'cover all the', 'explain all', 'explain all the'],
    ['aspects', 'details', 'edge cases', 'angles', 'nuances', 'cases', 'scenarios'],
  ),
  'every edge case',
  'every nuance',
  'every detail',
  'all nuances',
  'all the nuances',
  'at length',
  'elaborate on',
  'elaborate fully',
  'deep dive',
  'deep-dive',
  'go deep',
  'explain everything',
  'nothing left out',
];

/**
 * Depth read from the sentence's structure: an order to go through, cover or explain every one or all of
 * something ("walk the customer through every exception", "address all of the objections"), or to
 * produce a thorough something ("provide a thorough, comprehensive critique").
 */
export const DEPTH_STRUCTURE =
  /\b(?:(?:walk|go|take)\s+(?:[a-z]+\s+){0,2}through|cover|address|explain|discuss|detail)\s+(?:every|each and every|all (?:of )?the)\s+(?:[a-z-]+\s+){0,2}?(?:exceptions?|edge cases?|cases?|details?|aspects?|steps?|stages?|options?|objections?|concerns?|questions?|issues?|nuances?|scenarios?|risks?|rules?|clauses?|sections?|points?|angles?|arguments?|factors?|implications?|possibilities?)\b|\b(?:in full|at length|exhaustive(?:ly)?)\b|\b(?:provide|give|write|produce|deliver|offer)\s+(?:me\s+|us\s+)?(?:a|an)\s+(?:[a-z-]+,?\s+(?:and\s+)?){0,2}?(?:thorough|comprehensive|exhaustive|in-depth|extensive)\b/gi;
