// Redaction lives in core/base (one implementation for logs, exports, statuses and transports);
// kept here so the store's callers keep their import.
export { redact, REDACTED, type SecretInput } from '../base/redact';
