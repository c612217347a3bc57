import { createHostConfig } from '../tools/rspack/createAppConfig.js';

export default createHostConfig({
  name: 'shell',
  dir: import.meta.dirname,
  port: 3000,
  title: 'Prompt Perfect',
  serverRender: './src/prerender/renderVisitorPage.tsx',
});
