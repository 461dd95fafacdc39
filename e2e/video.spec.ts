import { expect, test } from '@playwright/test';

// SPEC §2: video pages play with the native <video> element and a poster.
test('video list → a video → it loads (readyState ≥ 1) and plays', async ({ page }) => {
  await page.goto('/savideo');
  const first = page.getByRole('main').getByRole('article').first().getByRole('link');
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page).toHaveURL(/\/videoDetail\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const video = page.locator('video');
  await expect(video).toHaveAttribute('poster', /\.jpg$/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  expect(duration).toBeGreaterThan(1);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
});
