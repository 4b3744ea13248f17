// Re-renders its host when the UI language changes.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { onLanguageChange } from './i18n';

export class LanguageController implements ReactiveController {
  private off: (() => void) | null = null;
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }
  hostConnected(): void {
    this.off = onLanguageChange(() => this.host.requestUpdate());
  }
  hostDisconnected(): void {
    this.off?.();
    this.off = null;
  }
}
