import { describe, expect, it, vi } from "vitest";
import { isPlainClick, onPlainClick } from "./plain-click";

const click = (over: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  preventDefault: vi.fn(),
  ...over,
});

describe("isPlainClick", () => {
  it("is the main button with no modifier", () => {
    expect(isPlainClick(click())).toBe(true);
  });

  it("leaves modified, middle and already handled clicks to the browser", () => {
    for (const over of [
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
      { button: 2 },
      { defaultPrevented: true },
    ]) {
      expect(isPlainClick(click(over))).toBe(false);
    }
  });
});

describe("onPlainClick", () => {
  it("runs the action instead of following the link on a plain click", () => {
    const action = vi.fn();
    const event = click();
    onPlainClick(action)(event);
    expect(action).toHaveBeenCalledOnce();
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it("lets a ctrl/cmd or middle click open the link", () => {
    const action = vi.fn();
    for (const over of [{ ctrlKey: true }, { metaKey: true }, { button: 1 }]) {
      const event = click(over);
      onPlainClick(action)(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(action).not.toHaveBeenCalled();
  });
});
