import { createRemoteConfig } from '../tools/rspack/createAppConfig.js';

export default createRemoteConfig({
  name: 'mfe_workspace',
  dir: import.meta.dirname,
  port: 3012,
  title: 'Prompt Perfect workspace (standalone)',
  exposes: { './WorkspaceApp': './src/App.tsx' },
});
