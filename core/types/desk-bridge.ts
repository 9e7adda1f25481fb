/**
 * The one bridge the Electron shell's preload exposes to the desk (`window.launchdesk`, through
 * contextBridge): this run's desk token, a desktop notification, and a file picked for the offline review.
 * The desk runs the same in a browser, where there is no bridge: the token then comes from the URL.
 */
export interface DeskBridge {
  /** This run's desk token (core/api/desk/desk-token.ts), handed over by the main process. */
  deskToken(): Promise<string>;
  /** A desktop notification (an issuer alert, a landed trade). */
  notify(title: string, body: string): Promise<void>;
  /** A build or transaction file the person picks for the Review page: its text, or null when none was picked. */
  openReviewFile(): Promise<string | null>;
}

export const DESK_BRIDGE_CHANNELS = {
  token: 'launchdesk:desk-token',
  notify: 'launchdesk:notify',
  openReviewFile: 'launchdesk:open-review-file',
} as const;
