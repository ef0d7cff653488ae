// Moved to base (the MCP Apps view cache in mcp/ hashes with it too); kept here for the gate's imports.
export { stableHash, stableStringify } from '../base/stable-json';
