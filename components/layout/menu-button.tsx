'use client';
/**
 * A WAI-ARIA menu button (APG "Menu Button" pattern) in a few hundred bytes,
 * so the header needs no menu library in every page's first load (issue 8):
 * - the button has aria-haspopup="menu" and aria-expanded; Enter, Space or
 *   ArrowDown open the menu on its first item, ArrowUp on its last;
 * - in the menu ArrowDown/ArrowUp move (and wrap), Home/End jump, Escape
 *   closes and returns focus to the button, Tab closes and moves on;
 * - a click outside or on an item closes it.
 * Children are the items: elements with role="menuitem" and tabIndex={-1}.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

type Focus = 'first' | 'last';

export function MenuButton({
  label,
  children,
  className,
  buttonClassName,
  menuClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  className?: string;
  buttonClassName?: string;
  menuClassName?: string;
}) {
  const [open, setOpen] = useState<Focus | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'first' ? list[0] : list[list.length - 1])?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function close(refocus: boolean) {
    setOpen(null);
    if (refocus) button.current?.focus();
  }

  // Enter and Space reach onClick (a button's own activation), which opens on the first item.
  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown') setOpen('first');
    else if (e.key === 'ArrowUp') setOpen('last');
    else return;
    e.preventDefault();
  }

  function onMenuKey(e: KeyboardEvent) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    if (e.key in move) {
      e.preventDefault();
      list[move[e.key]!]?.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={root} className={className}>
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
        className={buttonClassName}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          // An item was chosen (its own click handler has run): close, as a menu does.
          onClick={() => close(false)}
          className={menuClassName}
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
