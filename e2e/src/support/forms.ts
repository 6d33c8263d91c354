import type { Locator } from 'playwright-core';

/** Options of a select, native or MUI (which lists them in a listbox when opened). */
export async function selectOptions(select: Locator): Promise<string[]> {
  const tag = await select.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    return select.locator('option').evaluateAll((els) => els.map((o) => (o.textContent ?? '').trim()));
  }
  await select.click();
  const page = select.page();
  const listbox = page.getByRole('listbox');
  await listbox.waitFor({ state: 'visible' });
  const names = await listbox.getByRole('option').evaluateAll((els) => els.map((o) => (o.textContent ?? '').trim()));
  await page.keyboard.press('Escape');
  await listbox.waitFor({ state: 'hidden' });
  return names;
}

/** The shown value of a select, native or MUI. */
export async function selectedText(select: Locator): Promise<string> {
  return select.evaluate((el) => {
    if (el instanceof HTMLSelectElement) return el.selectedOptions[0]?.textContent?.trim() ?? '';
    return (el.textContent ?? '').trim();
  });
}

/** Chooses an option of a select, native or MUI. */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const tag = await select.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
  await select.page().getByRole('option', { name: option, exact: true }).click();
}
