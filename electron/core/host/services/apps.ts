// The apps service: MCP Apps views for the window's tool cards and what a view asks of Lena. Every
// request names its card (conversation + tool call) and the server is found from it, never taken
// from the window, so a view reaches only its own server (host/apps/ holds the rules).
import type { AppModelContext } from '../../../../shared/app-view-types';
import type { ProxyResponse } from '../../security/view-proxy';
import {
  downloadFromView,
  messageFromView,
  updateContextFromView,
  type SaveFile,
} from '../apps/view-asks';
import { callToolFromView, checkViewLink, readResourceFromView } from '../apps/view-requests';
import { appView, viewProxy, type ViewBinding } from '../apps/views';
import type { Runtime } from '../runtime';

type Tail<F> = F extends (rt: Runtime, ...rest: infer R) => unknown ? R : never;

export class AppsService {
  constructor(
    private readonly parts: Runtime,
    private readonly binding?: ViewBinding,
    private readonly saveFile?: SaveFile,
  ) {}

  view(server: string, tool: string) {
    return appView(this.parts, this.binding, server, tool);
  }
  /** Answers a request to the sandbox proxy's origin (main's lena-view://, the harness's second server). */
  proxy(url: string): ProxyResponse {
    if (!this.binding)
      return {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: 'Views are not shown here.',
      };
    return viewProxy(this.parts, this.binding, url);
  }
  callToolFromView(...args: Tail<typeof callToolFromView>) {
    return callToolFromView(this.parts, ...args);
  }
  readResource(...args: Tail<typeof readResourceFromView>) {
    return readResourceFromView(this.parts, ...args);
  }
  message(...args: Tail<typeof messageFromView>) {
    return messageFromView(this.parts, ...args);
  }
  checkLink(...args: Tail<typeof checkViewLink>) {
    return checkViewLink(this.parts, ...args);
  }
  updateContext(...args: Tail<typeof updateContextFromView>): AppModelContext {
    return updateContextFromView(this.parts, ...args);
  }
  download(...args: Tail<typeof downloadFromView> extends [...infer R, unknown] ? R : never) {
    return downloadFromView(this.parts, ...args, this.saveFile);
  }
}
