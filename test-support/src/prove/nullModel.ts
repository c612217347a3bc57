/**
 * A null model for [prove]: its judge scores every answer uniformly at random from 1 to 5,
 * independent of the prompt, the case and the answer, so no edit can help. An honest optimizer
 * keeps an edit against it no more often than its error rate allows, and reports a gain near zero.
 * Each proposal is a different rewording, so every round really scores a new prompt.
 */
import { SCORE_MAX, SCORE_MIN } from '@prompt-perfect/core/api/prove';
import { seededRandom } from '@prompt-perfect/core/prove/random';

const TOKENS = { input: 100, output: 50 };

export function createNullModel(seed: number) {
  const random = seededRandom(seed);
  let proposals = 0;
  return {
    async answer(prompt: string, input: string) {
      return { text: `An answer to "${input}" under a prompt of ${prompt.length} characters.`, tokens: TOKENS };
    },
    async judge() {
      const score = SCORE_MIN + Math.floor(random() * (SCORE_MAX - SCORE_MIN + 1));
      return { score, critique: `Scored ${score} at random.`, tokens: TOKENS };
    },
    async propose(prompt: string) {
      proposals += 1;
      return { text: `${prompt}\nRewording ${proposals}: be clear.`, tokens: TOKENS };
    },
  };
}
