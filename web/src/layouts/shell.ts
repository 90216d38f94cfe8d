import { inject } from 'vue';
import type { Component, InjectionKey, Ref } from 'vue';

// What features add to the signed-in shell. The layouts never import a feature: the app hands
// these in (main.ts provides shell-extensions.ts; the test kit's mountWithApp does the same).

/** A tour of the app, as the shell's menus see it. */
export interface ShellTour {
  start: () => unknown;
  /** While it runs, its popovers have the screen (the phone's drawer closes). */
  running: Readonly<Ref<boolean>>;
}

export interface ShellExtensions {
  /** Runs in the signed-in layout's setup, for as long as the layout is on screen. */
  useInLayout?: () => void;
  /** Shown above every page of the signed-in layout. */
  banner?: Component;
  /** The tour the user menu replays ("Replay the tour"). */
  useTour?: () => ShellTour;
}

export const SHELL_EXTENSIONS: InjectionKey<ShellExtensions> = Symbol('shell extensions');

/** The extensions provided to the app; none when mounted without them. */
export function useShellExtensions(): ShellExtensions {
  return inject(SHELL_EXTENSIONS, {});
}
