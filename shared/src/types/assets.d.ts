declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}

/** Rspack alias for shared/src/styles/tokens.css (tools/rspack/createAppConfig.js). */
declare module '@design-tokens';
