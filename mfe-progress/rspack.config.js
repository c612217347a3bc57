import { createRemoteConfig } from '../tools/rspack/createAppConfig.js';

export default createRemoteConfig({
  name: 'mfe_progress',
  dir: import.meta.dirname,
  port: 3013,
  title: 'Prompt Perfect progress (standalone)',
  exposes: {
    './ProgressModal': './src/features/progress-modal/ProgressModal.tsx',
    './AchievementToaster': './src/features/achievements/AchievementToaster.tsx',
  },
});
