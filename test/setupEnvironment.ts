/**
 * Tests start many short-lived data folders: their background hosts (see local/daemon/) stop soon
 * after the last command detaches instead of lingering for the interactive default.
 */
process.env.CASE_AUDIT_HOST_IDLE_MS ??= '3000';
export {};
