// The composer's chips as a user works them: the model chip's popover and the "+" menu.
import type { Page } from 'playwright-core';

/** The model chip (its name starts with what it is for, then the model it shows). */
export const modelChip = (page: Page) =>
  page.getByRole('button', { name: /^Model for this conversation: / });

/** The model chip's popover, opened when it is not. */
export async function openModelPopover(page: Page) {
  const popover = page.getByRole('dialog', { name: 'Model and thinking' });
  if ((await popover.count()) === 0) await modelChip(page).click();
  await popover.waitFor();
  return popover;
}

/** A model's option in the open popover, by its display name. */
export const modelOption = (page: Page, displayName: string) =>
  page
    .getByRole('dialog', { name: 'Model and thinking' })
    .getByRole('option')
    .filter({ has: page.getByText(displayName, { exact: true }) });

/** Picks a model by its display name in the chip's popover, which stays open for Thinking and Effort. */
export async function pickModel(page: Page, displayName: string): Promise<void> {
  await openModelPopover(page);
  await modelOption(page, displayName).click();
}

/** Closes the model chip's popover (Escape), focus back on the chip. */
export async function closeModelPopover(page: Page): Promise<void> {
  await page.getByRole('dialog', { name: 'Model and thinking' }).press('Escape');
}

/** Runs an item of the "+" menu, by (part of) its label. */
export async function addFromMenu(page: Page, item: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Add files, resources or prompts' }).click();
  await page
    .getByRole('menu', { name: 'Add to the message' })
    .getByRole('menuitem', { name: item })
    .click();
}
