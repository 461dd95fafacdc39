'use client';

import NextLink from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * The site's link: next/link that prefetches on intent, not on sight (docs/decisions.md "Links prefetch on
 * intent"). Next prefetches every link as it enters the viewport; a page here carries about 140 links (the
 * navigation's panels, the filters, the cards, the footer), so each page view made about 130 prefetch
 * requests, each one a render on the server and a payload for the browser's main thread. Here a link asks
 * for its page when the pointer is over it, it takes focus or a finger touches it, which is still before
 * the click (the Next prefetching guide, "Hover-triggered prefetch").
 */
export function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof NextLink>) {
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      prefetch={intent ? prefetch : false}
      onMouseEnter={(e) => {
        setIntent(true);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        setIntent(true);
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        setIntent(true);
        onTouchStart?.(e);
      }}
    />
  );
}
