// Turns core's menu template into Electron's menu and binds each command id to its handler.
import { Menu, type MenuItemConstructorOptions } from 'electron';
import {
  menuTemplate,
  type MenuCommand,
  type MenuItemSpec,
  type MenuOptions,
} from '../core/desktop/menu-template';

export type MenuHandlers = Record<MenuCommand, (arg: string | undefined) => void>;

export function installMenu(options: MenuOptions, handlers: MenuHandlers): void {
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(menuTemplate(options).map((item) => toElectron(item, handlers))),
  );
}

function toElectron(item: MenuItemSpec, handlers: MenuHandlers): MenuItemConstructorOptions {
  const { id, arg, submenu, ...rest } = item;
  return {
    ...rest,
    ...(submenu ? { submenu: submenu.map((child) => toElectron(child, handlers)) } : {}),
    ...(id ? { click: () => handlers[id](arg) } : {}),
  };
}
