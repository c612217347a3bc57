/** Reported to MCP clients and by --version. */
export const CLI_VERSION = '1.0.0';
