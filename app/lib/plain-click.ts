/** The click of a link that the app may take over: the main button with no modifier key. Any other
 * (ctrl/cmd, shift, alt, middle button) keeps the browser's own meaning: new tab, new window, download. */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented?: boolean;
}): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}

/** onClick for a link that the app enhances: a plain click runs `action` instead of following the link;
 * any other click follows it, as it does before the app has started. */
export function onPlainClick(action: () => void) {
  return (event: {
    button: number;
    metaKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    altKey: boolean;
    defaultPrevented: boolean;
    preventDefault(): void;
  }) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    action();
  };
}
