// Answering Lena's questions the way a user does: wait until the question is armed (it ignores
// input before that), press the button, and wait until that question is gone.
import type { Locator, Page } from 'playwright-core';

/** The open question once it accepts input. */
export async function armedQuestion(page: Page, timeout = 30_000): Promise<Locator> {
  const question = page.locator('[data-question][data-armed="true"]');
  await question.waitFor({ timeout });
  return question;
}

/** Clicks one of the open question's buttons and waits for that question to close. */
export async function answerQuestion(page: Page, button: RegExp | string): Promise<void> {
  const question = await armedQuestion(page);
  const id = await question.getAttribute('data-question');
  await question.getByRole('button', { name: button }).click();
  await page.locator(`[data-question="${id}"]`).waitFor({ state: 'detached', timeout: 30_000 });
}

export const allowOnce = (page: Page): Promise<void> => answerQuestion(page, /^Allow once/);
export const denyQuestion = (page: Page): Promise<void> => answerQuestion(page, /^Deny Esc/);
