/**
 * 长者模式 and access for everyone (docs/elder-mode.md), in the browser:
 * - the header's switch, the cookie the server reads (the first HTML already in the mode), the page cache's copies;
 * - in the mode, measured from computed styles: type, line height, paragraph spacing, target sizes, the cursor,
 *   no motion, the simpler header, a carousel that stays still;
 * - Tab alone from a doctor page's top to its first bookable slot, the menus as disclosure buttons;
 * - 语音朗读: the message where the browser has no Chinese voice, the controls with a stubbed speechSynthesis.
 * The template sweep (axe and reflow in both modes) is e2e/access-templates.spec.ts.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { registerFreshMember } from './auth-helpers';
import { DEMO, loginAs } from './support/members-session';
import { collectPageProblems } from './support/page-problems';

const DOCTOR = '/doctordetail/D100001';
const ARTICLE_LIST = '/trendsInfor';

async function elderCookie(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'elder', value: '1', url: baseURL }]);
}

async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** The first article of the news list (the seed's ids are not fixed). */
async function firstArticle(page: Page): Promise<string> {
  await page.goto(ARTICLE_LIST);
  const href = await page.locator('main a[href*="newtdetail"]').first().getAttribute('href');
  expect(href, 'the news list links an article').toBeTruthy();
  return href!;
}

test.describe('the switch', () => {
  test('长者模式 in the header: the page comes back in the mode, kept by a cookie; 退出长者模式 leads back', async ({ page, context }) => {
    const problems = collectPageProblems(page);
    await page.goto('/doctorlist?sort=services');
    await expect(page.locator('html')).not.toHaveClass(/elder/);
    // The switch is a form that loads the page anew: the header's own reads (/session/me, the icon) are let finish
    // first, or the navigation cancels them and they read as failed requests.
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('button', { name: '长者模式' }).click();
    await expect(page.locator('html')).toHaveClass('elder');
    // Back on the same page, query and all.
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/doctorlist?sort=services');
    const cookie = (await context.cookies()).find((c) => c.name === 'elder');
    expect(cookie?.value).toBe('1');
    expect(cookie?.httpOnly).toBe(true);
    // The simpler header: three links, the hotline and the way back; no menus, no search.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('navigation', { name: '主导航' }).getByRole('link')).toHaveText(['找医生', '预约挂号', '我的预约']);
    await expect(banner.getByRole('link', { name: '400-871-6655' })).toHaveAttribute('href', 'tel:400-871-6655');
    await expect(banner.getByRole('searchbox')).toHaveCount(0);
    await expect(banner.getByRole('button')).toHaveText([/退出长者模式/]);
    // Every page is in the mode now, loaded whole.
    await page.goto(DOCTOR);
    await expect(page.locator('html')).toHaveClass('elder');
    await page.waitForLoadState('networkidle');
    await page.getByRole('banner').getByRole('button', { name: '退出长者模式' }).click();
    await expect(page.locator('html')).not.toHaveClass(/elder/);
    expect(new URL(page.url()).pathname).toBe(DOCTOR);
    expect((await context.cookies()).find((c) => c.name === 'elder')).toBeUndefined();
    await expect(page.getByRole('banner').getByRole('button', { name: '长者模式' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a member logs out from the 长者模式 header: 退出登录 beside 退出长者模式, then / as a visitor, still in the mode', async ({ page, context, request, baseURL }) => {
    const member = await registerFreshMember(request, '长者会员');
    await loginAs(context, request, member);
    await elderCookie(context, baseURL!);
    await page.goto(DOCTOR);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button')).toHaveText([/退出长者模式/, '退出登录']);
    await banner.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByText('您已退出登录')).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.locator('html')).toHaveClass('elder');
    // A visitor's header: the way back only (我的预约 leads to the login).
    await expect(banner.getByRole('button')).toHaveText([/退出长者模式/]);
    // The session is gone at the server too, not only in the page.
    expect((await context.cookies()).find((c) => c.name === 'refreshToken')).toBeUndefined();
  });

  test('by keyboard, and after a client-side navigation it returns to the page the visitor is on', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('button', { name: '看诊服务' }).click();
    await nav.getByRole('link', { name: '找门诊' }).click();
    await expect(page).toHaveURL(/\/hospitallist$/);
    await page.getByRole('banner').getByRole('button', { name: '长者模式' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveClass('elder');
    expect(new URL(page.url()).pathname).toBe('/hospitallist');
  });

  test('the first HTML is already in the mode (no flash), the not-found page’s too; the page cache keeps one copy per mode', async ({ request }) => {
    const get = (cookie?: string) => request.get('/aboutHospital', { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    const htmlTag = async (res: Awaited<ReturnType<typeof get>>) => /<html[^>]*>/.exec(await res.text())?.[0] ?? '';
    await get('elder=1');
    const kept = await get('elder=1');
    expect(await htmlTag(kept)).toContain('class="elder"');
    expect(kept.headers()['x-page-cache']).toMatch(/HIT|STALE/);
    const usual = await get();
    expect(await htmlTag(usual)).not.toContain('elder');
    // A value the site does not read is no mode at all.
    expect(await htmlTag(await get('elder=yes'))).not.toContain('elder');
    // The not-found page too, kept once per mode: an unknown doctor, and an address no route matches.
    for (const missing of ['/doctordetail/D999999', '/no-such-page']) {
      for (let i = 0; i < 2; i++) {
        const elder = await request.get(missing, { headers: { accept: 'text/html', cookie: 'elder=1' } });
        expect(elder.status(), missing).toBe(404);
        expect(await htmlTag(elder), missing).toContain('class="elder"');
        const plain = await request.get(missing, { headers: { accept: 'text/html' } });
        expect(plain.status(), missing).toBe(404);
        expect(await htmlTag(plain), missing).not.toContain('elder');
      }
    }
    // The cursor images the mode names are files of the site.
    for (const file of ['/cursors/elder-arrow.svg', '/cursors/elder-pointer.svg']) {
      const res = await request.get(file);
      expect(res.status(), file).toBe(200);
      expect(res.headers()['content-type'], file).toContain('image/svg+xml');
    }
  });
});

/**
 * Every visible text of the page, measured: font size, line height, inside main or not; links and buttons of main
 * with their size. Hidden and screen-reader-only text is left out (it has no size anyone sees).
 */
async function measure(page: Page) {
  return page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('.sr-only,[aria-hidden="true"]');
    };
    const texts: { text: string; size: number; lineHeight: number; inMain: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent?.trim() || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TITLE'].includes(el.tagName) || !visible(el)) continue;
      const s = getComputedStyle(el);
      const size = parseFloat(s.fontSize);
      texts.push({ text: node.textContent.trim().slice(0, 20), size, lineHeight: s.lineHeight === 'normal' ? 0 : parseFloat(s.lineHeight), inMain: Boolean(el.closest('main')) });
    }
    const targets = [...document.querySelectorAll('main a[href], main button')]
      .filter(visible)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return { name: (el.textContent ?? '').trim().slice(0, 20) || el.getAttribute('aria-label'), width: r.width, height: r.height };
      });
    const paragraphs = [...document.querySelectorAll('.article-body p')].filter(visible);
    const gaps: { gap: number; lineHeight: number }[] = [];
    for (let i = 1; i < paragraphs.length; i++) {
      const a = paragraphs[i - 1]!.getBoundingClientRect();
      const b = paragraphs[i]!.getBoundingClientRect();
      gaps.push({ gap: b.top - a.bottom, lineHeight: parseFloat(getComputedStyle(paragraphs[i - 1]!).lineHeight) });
    }
    const running = document.getAnimations().filter((a) => a.playState === 'running').length;
    const moving = [...document.querySelectorAll('body *')].filter((el) => {
      const s = getComputedStyle(el);
      return s.transitionDuration.split(',').some((d) => parseFloat(d) > 0) || s.animationName !== 'none';
    }).length;
    return { texts, targets, gaps, running, moving, cursor: getComputedStyle(document.body).cursor, linkCursor: getComputedStyle(document.querySelector('main a[href]')!).cursor };
  });
}

test.describe('in the mode, measured', () => {
  test('type ≥ 18 px (≥ 20 px in main), line height ≥ 1.5, targets in main ≥ 44 × 44, the large cursor, no motion: doctor list, doctor page, article', async ({ page, context, baseURL }) => {
    test.slow();
    await page.goto('/doctorlist');
    await settle(page);
    // The usual site is not so (the measure can fail): small type in the doctor list.
    const usual = await measure(page);
    expect(usual.texts.filter((t) => t.size < 18).length).toBeGreaterThan(0);
    expect(usual.targets.filter((t) => t.height < 44).length).toBeGreaterThan(0);

    await elderCookie(context, baseURL!);
    for (const url of ['/doctorlist', DOCTOR, await firstArticle(page)]) {
      await page.goto(url);
      await settle(page);
      const m = await measure(page);
      expect(m.texts.length, url).toBeGreaterThan(20);
      expect(m.texts.filter((t) => t.size < 18).map((t) => `${t.text} ${t.size}px`), `${url}: body text ≥ 18 px`).toEqual([]);
      expect(m.texts.filter((t) => t.inMain && t.size < 20).map((t) => `${t.text} ${t.size}px`), `${url}: main text ≥ 20 px`).toEqual([]);
      expect(m.texts.filter((t) => t.lineHeight < 1.5 * t.size - 0.01).map((t) => `${t.text} ${t.lineHeight}/${t.size}`), `${url}: line height`).toEqual([]);
      expect(m.targets.length, url).toBeGreaterThan(3);
      expect(m.targets.filter((t) => t.width < 44 - 0.5 || t.height < 44 - 0.5).map((t) => `${t.name} ${Math.round(t.width)}×${Math.round(t.height)}`), `${url}: targets`).toEqual([]);
      expect(m.cursor, url).toContain('/cursors/elder-arrow.svg');
      expect(m.linkCursor, url).toContain('/cursors/elder-pointer.svg');
      expect(m.running, `${url}: running animations`).toBe(0);
      expect(m.moving, `${url}: elements with a transition or animation`).toBe(0);
      if (url.includes('newtdetail')) {
        expect(m.gaps.length, 'the article has paragraphs').toBeGreaterThan(0);
        for (const g of m.gaps) expect(g.gap, 'paragraph spacing ≥ 1.3 × the line height').toBeGreaterThanOrEqual(1.3 * g.lineHeight - 0.5);
      }
    }
  });

  test('the breadcrumbs stay on one line: each name is centred on the same row, the 44 px links and the current page alike', async ({ page, context, baseURL }) => {
    await elderCookie(context, baseURL!);
    await page.goto(DOCTOR);
    await settle(page);
    const crumbs = page.getByRole('navigation', { name: '面包屑导航' });
    await expect(crumbs.getByRole('link').first()).toBeVisible();
    // The middle of each name's text (a Range around it), not of its box: a link's box is a 44 px target.
    const middles = await crumbs.locator('a, [aria-current="page"]').evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getClientRects()[0]!;
        return { name: el.textContent, middle: r.top + r.height / 2, box: el.getBoundingClientRect().height };
      }),
    );
    expect(middles.length).toBeGreaterThanOrEqual(3);
    expect(Math.min(...middles.filter((m) => m.name !== middles.at(-1)!.name).map((m) => m.box)), 'a crumb link is a 44 px target').toBeGreaterThanOrEqual(44 - 0.5);
    for (const m of middles) expect(Math.abs(m.middle - middles.at(-1)!.middle), `${m.name}: centred with the current page`).toBeLessThanOrEqual(2);
  });

  test('the home carousel moves by itself on the usual site and never in the mode', async ({ page, context, baseURL }) => {
    const current = () => page.getByRole('region', { name: '首页轮播' }).locator('button[aria-current="true"]').getAttribute('aria-label');
    await page.clock.install();
    await page.goto('/');
    await settle(page);
    const first = await current();
    await page.clock.runFor(20_000);
    await expect.poll(current).not.toBe(first);

    await elderCookie(context, baseURL!);
    await page.goto('/');
    await settle(page);
    const still = await current();
    await page.clock.runFor(20_000);
    expect(await current()).toBe(still);
  });
});

/** Presses Tab alone until a link that books an open number has focus (not a 约满 one, which offers other times): the presses. */
async function tabsToFirstSlot(page: Page): Promise<{ tabs: number; href: string }> {
  for (let tabs = 1; tabs <= 80; tabs++) {
    await page.keyboard.press('Tab');
    const { href, label } = await page.evaluate(() => ({
      href: document.activeElement?.getAttribute('href') ?? '',
      label: document.activeElement?.getAttribute('aria-label') ?? '',
    }));
    if (href.startsWith('/booking?slot=') && !label.includes('已约满')) return { tabs, href };
  }
  return { tabs: Infinity, href: '' };
}

test.describe('keyboard', () => {
  for (const mode of ['usual', 'elder'] as const) {
    // Dated: the soonest open number moves with the day and hour, and a 约满 number can come before it (a CI run
    // at 08:40 China time met one), so it runs at the three fixed clocks too.
    test(`${mode}: Tab alone reaches a doctor page's first bookable slot in ≤ 15 presses, focus always visible`, { tag: '@dated' }, async ({ page, context, baseURL }) => {
      if (mode === 'elder') await elderCookie(context, baseURL!);
      await page.goto(DOCTOR);
      await settle(page);
      // The earliest open number of the schedule (today's list or the table); a 约满 link is not bookable.
      const slots = await page.locator('section[aria-labelledby="schedule"] a[href^="/booking?slot="][aria-label^="预约"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      expect(slots.length, 'the doctor has open numbers in the fortnight').toBeGreaterThan(0);
      const earliest = slots.map((h) => new URL(h, 'http://x').searchParams.get('slot')!).sort((a, b) => a.localeCompare(b))[0];
      const { tabs, href } = await tabsToFirstSlot(page);
      console.log(`[keyboard] ${mode}: doctor page top → first bookable slot in ${tabs} Tabs`);
      expect(tabs).toBeLessThanOrEqual(15);
      expect(new URL(href, 'http://x').searchParams.get('slot')).toBe(earliest);
      // Focus is visible where it is: an outline drawn round the focused link.
      const outline = await page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
      });
      expect(outline.style).not.toBe('none');
      expect(outline.width).toBeGreaterThanOrEqual(2);
    });
  }

  test('the header menus are disclosure buttons: their links join the Tab order only when opened; hover opens them too', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    const nav = page.getByRole('navigation', { name: '主导航' });
    const care = nav.getByRole('button', { name: '看诊服务' });
    const link = nav.getByRole('link', { name: '找门诊' });
    await expect(care).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    // Tab from the button passes over the closed menu to the next group.
    await care.focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: '重点专科' })).toBeFocused();
    // Opened by keyboard, its links come next; Escape closes it and returns to its button.
    await care.focus();
    await page.keyboard.press('Enter');
    await expect(care).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: '找医生' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(care).toBeFocused();
    await expect(care).toHaveAttribute('aria-expanded', 'false');
    await expect(link).toBeHidden();
    // The mouse: hovering over a group opens it, leaving closes it.
    await care.hover();
    await expect(link).toBeVisible();
    await page.mouse.move(5, 800);
    await expect(link).toBeHidden();
  });
});

/** A stand-in for the browser's speech synthesis that records what it is asked to do. */
async function stubSpeech(page: Page, voices: { lang: string; name: string }[]) {
  await page.addInitScript((list) => {
    const calls: { kind: string; text?: string; lang?: string; voice?: string }[] = [];
    const synth = {
      getVoices: () => list.map((v) => ({ ...v, default: false, localService: true, voiceURI: v.name })),
      speak: (u: SpeechSynthesisUtterance) => calls.push({ kind: 'speak', text: u.text, lang: u.lang, voice: u.voice?.name }),
      pause: () => calls.push({ kind: 'pause' }),
      resume: () => calls.push({ kind: 'resume' }),
      cancel: () => calls.push({ kind: 'cancel' }),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    // The browser's own utterance takes only its own voices: a plain stand-in takes the stub's.
    class Utterance {
      text: string;
      lang = '';
      rate = 1;
      voice: { name: string } | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    (window as unknown as { __speech: typeof calls }).__speech = calls;
  }, voices);
}
const speechCalls = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { kind: string; text?: string; lang?: string; voice?: string }[] }).__speech);

test.describe('语音朗读', () => {
  test('with a Mandarin voice: reads the article in zh-CN, pauses, resumes and stops, by keyboard', async ({ page }) => {
    await stubSpeech(page, [
      { lang: 'en-US', name: 'English' },
      { lang: 'zh-HK', name: 'Cantonese' },
      { lang: 'zh-CN', name: 'Mandarin' },
    ]);
    const url = await firstArticle(page);
    await page.goto(url);
    const title = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    const controls = page.getByRole('group', { name: '语音朗读' });
    await controls.getByRole('button', { name: '语音朗读' }).focus();
    await page.keyboard.press('Enter');
    await expect(controls.getByRole('status')).toHaveText('正在朗读…');
    const spoken = (await speechCalls(page)).filter((c) => c.kind === 'speak');
    expect(spoken.length).toBeGreaterThan(0);
    for (const s of spoken) expect(s).toMatchObject({ lang: 'zh-CN', voice: 'Mandarin' });
    expect(spoken[0]!.text).toContain(title.slice(0, 10));
    await controls.getByRole('button', { name: '暂停朗读' }).click();
    await expect(controls.getByRole('status')).toHaveText('已暂停');
    await controls.getByRole('button', { name: '继续朗读' }).click();
    await controls.getByRole('button', { name: '停止朗读' }).click();
    await expect(controls.getByRole('button', { name: '语音朗读' })).toBeVisible();
    expect((await speechCalls(page)).map((c) => c.kind).filter((k) => k !== 'speak')).toEqual(['cancel', 'pause', 'resume', 'cancel']);
  });

  test('on a doctor page and the appointment page too', async ({ page, context, request }) => {
    await stubSpeech(page, [{ lang: 'zh-CN', name: 'Mandarin' }]);
    await page.goto(DOCTOR);
    const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
    await page.getByRole('button', { name: '朗读医生介绍' }).click();
    const spoken = (await speechCalls(page)).filter((c) => c.kind === 'speak').map((c) => c.text).join('');
    expect(spoken).toContain(name);
    expect(spoken).toContain('医生简介');

    await loginAs(context, request, DEMO.rich);
    await page.goto('/dRecord/registration');
    const detail = page.locator('main a[href^="/dRecord/registration/"]').first();
    // The README's 13800000001 has seeded appointment records (lib/backend/seed): one of them opens.
    await expect(detail).toBeVisible();
    await page.goto((await detail.getAttribute('href'))!);
    await page.getByRole('button', { name: '朗读预约详情' }).click();
    const read = (await speechCalls(page)).filter((c) => c.kind === 'speak').map((c) => c.text).join('');
    expect(read).toContain('预约信息');
  });

  test('without a Chinese voice (this Chromium has none), it says so instead of reading', async ({ page }) => {
    await stubSpeech(page, [{ lang: 'en-US', name: 'English' }]);
    await page.goto(await firstArticle(page));
    const controls = page.getByRole('group', { name: '语音朗读' });
    await controls.getByRole('button', { name: '语音朗读' }).click();
    await expect(controls.getByRole('status')).toContainText('您的浏览器没有中文语音');
    expect((await speechCalls(page)).filter((c) => c.kind === 'speak')).toEqual([]);
  });

  test('the real headless Chromium: no Chinese voice, the same message', async ({ page }) => {
    await page.goto(await firstArticle(page));
    const hasChinese = await page.evaluate(() => (window.speechSynthesis?.getVoices() ?? []).some((v) => /^(zh|cmn)/i.test(v.lang)));
    const controls = page.getByRole('group', { name: '语音朗读' });
    await controls.getByRole('button', { name: '语音朗读' }).click();
    // Debian's headless Chromium has no Chinese voice; a browser that has one reads instead of saying so.
    if (hasChinese) await expect(controls.getByRole('status')).not.toContainText('您的浏览器没有中文语音');
    else await expect(controls.getByRole('status')).toContainText('您的浏览器没有中文语音');
  });
});
