// What the server uses of support: the support widget's settings.
export { SupportWidgetResolver } from './support-widget.resolver.js';
