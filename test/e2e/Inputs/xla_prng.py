"""XLA's rng_bit_generator (xla/client/lib/prng.cc) in plain Python, as an
oracle for the compiler's import that shares no code with it.

Usage: xla_prng.py kat
         checks Threefry-2x32-20 and Philox-4x32-10 against Random123's
         known-answer vectors and prints `kat ok`;
       xla_prng.py ALGORITHM STATE SHAPE WIDTH
         prints `state: ...` and `bits: ...` as tpu-run prints ui64/ui32
         tensors: ALGORITHM is THREE_FRY or PHILOX (DEFAULT), STATE the
         comma-separated ui64 words, SHAPE like 3x2 (or `scalar`), WIDTH 32
         or 64.
"""
import sys

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1


def rotl(x, d):
    return ((x << d) | (x >> (32 - d))) & M32


def threefry2x32(x, key):
    rot = [13, 15, 26, 6, 17, 29, 16, 24]
    ks = [key[0], key[1], 0x1BD11BDA ^ key[0] ^ key[1]]
    x = [(x[0] + ks[0]) & M32, (x[1] + ks[1]) & M32]
    for block in range(5):
        for r in range(4):
            x[0] = (x[0] + x[1]) & M32
            x[1] = x[0] ^ rotl(x[1], rot[(block % 2) * 4 + r])
        x[0] = (x[0] + ks[(block + 1) % 3]) & M32
        x[1] = (x[1] + ks[(block + 2) % 3] + block + 1) & M32
    return x


def philox4x32(x, key):
    k = list(key)
    for _ in range(10):
        p0 = x[0] * 0xD2511F53
        p1 = x[2] * 0xCD9E8D57
        x = [((p1 >> 32) ^ x[1] ^ k[0]) & M32, p1 & M32,
             ((p0 >> 32) ^ x[3] ^ k[1]) & M32, p0 & M32]
        k = [(k[0] + 0x9E3779B9) & M32, (k[1] + 0xBB67AE85) & M32]
    return x


def kat():
    assert threefry2x32([0, 0], [0, 0]) == [0x6b200159, 0x99ba4efe]
    assert threefry2x32([M32, M32], [M32, M32]) == [0x1cb996fc, 0xbb002be7]
    assert threefry2x32([0x243f6a88, 0x85a308d3],
                        [0x13198a2e, 0x03707344]) == [0xc4923a9c, 0x483df7a0]
    assert philox4x32([0, 0, 0, 0], [0, 0]) == [
        0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8]
    assert philox4x32([M32] * 4, [M32, M32]) == [
        0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd]
    assert philox4x32([0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344],
                      [0xa4093822, 0x299f31d0]) == [
        0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1]
    print("kat ok")


def product(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def unravel(pos, shape):
    """The row-major index of flat position `pos` in `shape`."""
    idx = []
    for d in reversed(shape):
        idx.append(pos % d)
        pos //= d
    return idx[::-1]


def ravel(idx, shape):
    lin = 0
    for d, i in zip(shape, idx):
        lin = lin * d + i
    return lin


def split_halves(shape):
    if not shape:
        return [1], 0
    split = next((i for i, d in enumerate(shape) if d % 2 == 0), None)
    if split is None:
        split = max(range(len(shape)), key=lambda i: (shape[i], -i))
    half = []
    for i, d in enumerate(shape):
        half.append((d + 1) // 2 if i == split else d)
        if i == split:
            half.append(1)
    return half, split


def threefry_bits(state, shape, width):
    key, counter = state[0], state[1]
    kw = [key & M32, key >> 32]
    if width == 64:
        n = product(shape)
        out = []
        for i in range(n):
            c = (counter + i) & M64
            w = threefry2x32([c & M32, c >> 32], kw)
            out.append(w[0] | (w[1] << 32))
        return [key, (counter + n) & M64], out
    half, split = split_halves(shape)
    m = product(half)
    words = [threefry2x32([((counter + i) & M64) & M32,
                           ((counter + i) & M64) >> 32], kw) for i in range(m)]
    if not shape:
        return [key, (counter + m) & M64], [words[0][0]]
    # The halves concatenated along the inserted dimension (split + 1), in
    # row-major order: positions of `half` with the inserted index 0, then 1.
    concat = half[:]
    concat[split + 1] = 2
    total = product(concat)
    flat = []
    for pos in range(total):
        idx = unravel(pos, concat)
        which = idx[split + 1]
        idx[split + 1] = 0
        flat.append(words[ravel(idx, half)][which])
    # Reshape to the shape with the split dimension rounded up to even, then
    # cut it back.
    even = list(shape)
    even[split] = (shape[split] + 1) // 2 * 2
    out = [flat[ravel(unravel(pos, shape), even)]
           for pos in range(product(shape))]
    return [key, (counter + m) & M64], out


def philox_bits(state, shape, width):
    key = state[0]
    low, high = state[1], state[2] if len(state) > 2 else 0
    n = product(shape)
    blocks = (n * (width // 32) + 3) // 4
    kw = [key & M32, key >> 32]
    words = []
    for i in range(blocks):
        c = ((high << 64) | low) + i
        c &= (1 << 128) - 1
        x = philox4x32([c & M32, (c >> 32) & M32, (c >> 64) & M32,
                        (c >> 96) & M32], kw)
        if width == 32:
            words.extend(x)
        else:
            words.extend([x[0] | (x[1] << 32), x[2] | (x[3] << 32)])
    c = (((high << 64) | low) + blocks) & ((1 << 128) - 1)
    new_state = [key, c & M64] + ([c >> 64] if len(state) > 2 else [])
    return new_state, words[:n]


def main():
    if sys.argv[1] == "kat":
        kat()
        return
    algorithm, state, shape, width = sys.argv[1:5]
    state = [int(s) for s in state.split(",")]
    shape = [] if shape == "scalar" else [int(d) for d in shape.split("x")]
    width = int(width)
    gen = threefry_bits if algorithm == "THREE_FRY" else philox_bits
    new_state, bits = gen(state, shape, width)
    print("state:", " ".join(str(s) for s in new_state))
    print("bits:", " ".join(str(b) for b in bits))


if __name__ == "__main__":
    main()
