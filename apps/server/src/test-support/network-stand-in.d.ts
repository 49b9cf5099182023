import http from 'node:http';
export type NetworkStandIn = {
  /** `http://127.0.0.1:<port>` */
  url: string;
  received: {
    url: string;
    headers: http.IncomingHttpHeaders;
  }[];
  /** The next answers' statuses, in order. */
  answers: number[];
  stop(): Promise<void>;
};
export declare function startNetworkStandIn(): Promise<NetworkStandIn>;
