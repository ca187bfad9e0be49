/// Reed-Solomon error correction over GF(256) as QR codes use it (ISO/IEC 18004): the field built on the
/// polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), generator polynomials with roots α⁰ ... αⁿ⁻¹.
enum ReedSolomon {
    /// αⁱ for i in 0..<255 (and again, so products need no modulo), and the logarithms.
    private static let tables: (exp: [UInt8], log: [Int]) = {
        var exp = [UInt8](repeating: 0, count: 512)
        var log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for power in 255..<512 { exp[power] = exp[power - 255] }
        return (exp, log)
    }()

    /// αⁿ.
    static func power(_ n: Int) -> UInt8 { tables.exp[n % 255] }

    /// The product of two field elements.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        guard a != 0, b != 0 else { return 0 }
        return tables.exp[tables.log[Int(a)] + tables.log[Int(b)]]
    }

    /// The generator polynomial of degree `degree`, ∏(x − αⁱ), highest coefficient first (which is 1).
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for root in 0..<degree {
            var next = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (index, coefficient) in polynomial.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, power(root))
            }
            polynomial = next
        }
        return polynomial
    }

    /// The `count` error correction codewords of `data`: data(x)·xⁿ modulo the generator polynomial of degree n.
    static func remainder(of data: [UInt8], count: Int) -> [UInt8] {
        let generator = generator(degree: count)
        var remainder = [UInt8](repeating: 0, count: count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in 0..<count { remainder[index] ^= multiply(generator[index + 1], factor) }
        }
        return remainder
    }

    /// The codeword polynomial's value at `point` (highest coefficient first): zero at every root of the
    /// generator for a block whose error correction is right (what the tests check, without a decoder).
    static func evaluate(_ codewords: [UInt8], at point: UInt8) -> UInt8 {
        var value: UInt8 = 0
        for codeword in codewords { value = multiply(value, point) ^ codeword }
        return value
    }
}
