/**
 * PDF.js 5 sends fonts from its parser to the page with `ArrayBuffer.prototype.transferToFixedLength`,
 * which Node 20 lacks (Node 21+ and Lambda's Node 22 have it). Without it the operator list of the
 * first page that uses a font ends early, and hidden text after that point would go unseen. This
 * copy-based stand-in is only installed where the method is missing; PDF.js never reads the source
 * buffer again after transferring it, so copying instead of detaching is equivalent for it.
 */
interface TransferableArrayBuffer {
  transferToFixedLength?: (this: ArrayBuffer, newLength?: number) => ArrayBuffer;
}

const proto = ArrayBuffer.prototype as unknown as TransferableArrayBuffer;
if (typeof proto.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, newLength: number = this.byteLength): ArrayBuffer {
      const copy = new ArrayBuffer(newLength);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(newLength, this.byteLength)));
      return copy;
    },
  });
}

export {};
