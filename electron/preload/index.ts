// The preload: builds `window.lena` from the contract with the shared builder. The only place
// that touches ipcRenderer; nothing generic is exposed.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildBridge } from '../../shared/bridge';

const lena = buildBridge({
  invoke: (channel, args) => ipcRenderer.invoke(channel, args),
  subscribe: (event, listener) => {
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => {
      ipcRenderer.removeListener(event, wrapped);
    };
  },
});

contextBridge.exposeInMainWorld('lena', lena);
