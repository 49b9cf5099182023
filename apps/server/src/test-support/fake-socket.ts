// A member socket as `ws` shows it to the realtime hub, for tests: what was sent, how it was closed, how much is unsent.
import { EventEmitter } from 'node:events';

export class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.readyState = 3;
    this.emit('close');
  }
  ping() {}
}
