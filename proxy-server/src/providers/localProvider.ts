/** Provider 'local': the offline optimizer from shared, no network, always available. */
import { optimizeOffline } from '@prompt-perfect/shared/prompt/offlineOptimizer';
import type { ApiModelInfo } from '@prompt-perfect/shared/api/types';
import type { GenerateInput, TextProvider } from './types';

export const LOCAL_LABEL = 'Offline optimizer';
export const LOCAL_MODELS: ApiModelInfo[] = [
  {
    id: 'offline',
    name: 'Offline optimizer',
    description: 'Built-in rules, no AI model: instant, private, works without keys or internet.',
  },
];

export function runOffline(task: string): string {
  return optimizeOffline(task);
}

export function createLocalProvider(): TextProvider {
  return {
    id: 'local',
    label: LOCAL_LABEL,
    configured: true,
    async generate(input: GenerateInput) {
      return runOffline(input.userPrompt);
    },
  };
}
