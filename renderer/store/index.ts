// The one zustand store, made of slices (state and actions side by side).
import { create } from 'zustand';
import { createAppSlice, type AppSlice } from './app-slice';

export type LenaState = AppSlice;

export const useLena = create<LenaState>()((...a) => ({
  ...createAppSlice(...a),
}));
