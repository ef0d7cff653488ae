// The permission gate's public surface, for the agent loop, the manager, the host and the CLI.
import { join } from 'node:path';

export { auditRecord, answerText, deniedResultText } from './audit';
export { PermissionBroker, decisionLabel, type BrokerResult, type PendingRequest, type ResolvedEvent } from './broker';
export { decide, AUTO_READ_ONLY, CLI_NEEDS_APPROVAL, HELD, type GateContext, type GateDecision, type PinChecker } from './gate';
export { scanText, findSuspiciousPhrases, type InvisibleFinding as TextFinding, type TextScan } from './invisible';
export { PinStore, definitionHash, diffDefinitions, type Pin, type PinCheck } from './pins';
export { ToolAcceptance } from './acceptance';
export { availability, standing, type AcceptanceFacts, type Availability, type BaselineRecord, type ToolStanding } from './availability';
export { BaselineStore } from './baselines';
export { acceptedTools } from './offered';
export {
  approvalRequest,
  describeApproval,
  hashEntry,
  ProjectApprovals,
  projectKey,
  type ApprovalRecord,
  type ApprovalRequest,
  type ApprovalStatus,
} from './project-approval';
export { buildPrompt, offeredDecisions, type PermissionPrompt } from './prompt';
export { riskFlags, type LaunchEntry, type RiskFlag, type RiskKind } from './risk-flags';
export { addRule, parseRule, removeRule, validateRule, serverRuleFor, type ParsedRule } from './rules';
export {
  defaultPermissionState,
  emptyLists,
  parseCliRules,
  parsePermissionState,
  parseProjectPermissions,
  readProjectPermissions,
} from './scopes';
export { PermissionService, type AuthorizeResult, type PermissionServiceOptions } from './service';
export { JsonFilePermissionStore, MemoryPermissionStore, type PermissionStore } from './store';
export { confirmServer, isDestructive, trustServer, trustStatus, untrustServer, type TrustStatus } from './trust';
export type * from './types';
export { approvalView, changeLines, findingsView, requestView, resolvedView, ruleViews } from './view';

/** Where the gate keeps its files in Lena's home. */
export function permissionFiles(home: string): { pins: string; approvals: string; baselines: string } {
  return { pins: join(home, 'pins.json'), approvals: join(home, 'approvals.json'), baselines: join(home, 'tool-baselines.json') };
}
