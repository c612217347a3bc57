import { createAppConfig } from '../tools/rspack/createAppConfig.js';

export default createAppConfig({
  name: 'shell',
  dir: import.meta.dirname,
  port: 3000,
  title: 'Prompt Perfect',
});
