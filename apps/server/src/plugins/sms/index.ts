// Public entry of text messages: the plugin (`app.sms`) and its types.
export { createSmsSender, smsPlugin, type SmsMessage, type SmsSender, type TwilioSettings } from './sms.plugin.ts';
