/**
 * The alert's tone, made with WebAudio (no sound file): two short sine notes. The page must have been
 * interacted with once for a browser to let it play; a tone that cannot play is simply not heard.
 */
let context: AudioContext | null = null;

export function playAlertTone(): void {
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.14, 1320]] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.12);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.13);
    }
  } catch {
    // No audio device or not allowed yet: the toast and the notification still tell it.
  }
}
