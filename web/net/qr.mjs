// QR codes of the invitation links and reply codes: drawn on a canvas from the vendored `qr` library's
// module matrix (npm `qr`, copied into dist/vendor/qr/ by build.py), and read from the camera with the
// browser's BarcodeDetector where it has one, else the same library's decoder.

const vendor = (file) => new URL(`../vendor/qr/${file}`, import.meta.url).href;

/** Draw `text` as a QR code on `canvas` (CSS size `px`, dark on white, with its quiet zone). */
export async function drawQr(canvas, text, px = 180) {
  const {encodeQR} = await import(vendor('index.js'));
  const rows = encodeQR(text, 'raw', {ecc: 'low', border: 2});
  const n = rows.length;
  const dpr = Math.min(3, window.devicePixelRatio || 1);
  const cell = Math.max(1, Math.floor((px * dpr) / n));
  canvas.width = canvas.height = cell * n;
  canvas.style.width = canvas.style.height = `${Math.round((cell * n) / dpr)}px`;
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#000';
  rows.forEach((row, y) => row.forEach((dark, x) => { if (dark) g.fillRect(x * cell, y * cell, cell, cell); }));
  canvas.dataset.text = text;
}

/**
 * Read a QR code from the camera into `video` until one is found or `signal` aborts; resolves with its text.
 * Rejects when there is no camera (the page then asks to paste).
 */
export async function scanQr(video, signal) {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) throw new Error('no camera');
  const Detector = 'BarcodeDetector' in window ? window.BarcodeDetector
    : (await import(vendor('decode.js'))).BarcodeDetector;
  const detector = new Detector({formats: ['qr_code']});
  const stream = await navigator.mediaDevices.getUserMedia({video: {facingMode: 'environment'}});
  video.srcObject = stream;
  await video.play();
  try {
    while (!signal.aborted) {
      const found = await detector.detect(video).catch(() => []);
      if (found.length) return found[0].rawValue;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('scan stopped');
  } finally {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  }
}
