import { describe, expect, it } from 'vitest';
import {
  approvalRequest,
  describeApproval,
} from '../../../../electron/core/permissions/approval-request';
import { approvalView } from '../../../../electron/core/permissions/view';

const sandboxLine = (text: string) => text.split('\n').find((l) => l.startsWith('  sandbox: '));

describe('the project approval shows the sandbox the server will run under', () => {
  it('an entry without the field: the default sandbox, in one sentence', () => {
    const request = approvalRequest('files', { command: 'node', args: ['server.js'] });
    expect(sandboxLine(describeApproval(request))).toBe(
      "  sandbox: can write only to its working folder, its roots and a temporary folder of its own; no network; cannot read your keys or Lena's home",
    );
    expect(approvalView(request).sandbox?.policy).toBe('default');
    // Without the field the user may untick "Run in the sandbox"; with its own, not.
    expect(approvalView(request).sandbox?.optional).toBe(true);
    expect(approvalView(request).sandbox?.summary).toContain('no network');
  });

  it("an entry's own policy: every list it sets, in full", () => {
    const request = approvalRequest('notes', {
      command: 'npx',
      args: ['-y', 'notes-server'],
      sandbox: {
        filesystem: {
          allowWrite: ['~/notes', '~/drafts'],
          allowRead: ['~/shared'],
          denyRead: ['~/notes/private'],
          denyWrite: ['~/notes/.git'],
        },
        network: { allowedDomains: ['api.example.com'], deniedDomains: ['ads.example.com'] },
      },
    });
    expect(sandboxLine(describeApproval(request))).toBe(
      "  sandbox: can write only to ~/notes, ~/drafts and a temporary folder of its own; network only to api.example.com; cannot read your keys or Lena's home; may also read ~/shared; cannot read ~/notes/private; cannot write ~/notes/.git; never reaches ads.example.com",
    );
    expect(approvalView(request).sandbox?.policy).toBe('own');
    expect(approvalView(request).sandbox?.optional).toBe(false);
  });

  it('"sandbox": false says the server keeps your own rights', () => {
    const request = approvalRequest('raw', { command: 'node', args: ['x.js'], sandbox: false });
    expect(sandboxLine(describeApproval(request))).toBe(
      '  sandbox: runs without the sandbox: it has your own rights to files and the network',
    );
    expect(approvalView(request).sandbox?.policy).toBe('off');
  });

  it('a remote server has no sandbox line', () => {
    const request = approvalRequest('remote', { url: 'https://mcp.example.com/mcp' });
    expect(sandboxLine(describeApproval(request))).toBeUndefined();
    expect(approvalView(request).sandbox).toBeNull();
  });
});
