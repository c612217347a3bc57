import { createRemoteConfig } from '../tools/rspack/createAppConfig.js';

export default createRemoteConfig({
  name: 'mfe_trial',
  dir: import.meta.dirname,
  port: 3011,
  title: 'Prompt Perfect trial (standalone)',
  exposes: { './TrialApp': './src/App.tsx' },
  serverRender: './src/serverRender.tsx',
});
