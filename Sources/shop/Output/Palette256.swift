/// The xterm 256-colour palette's colour part: the 6×6×6 cube (16...231) and the grey ramp (232...255).
///
/// The 16 system colours (0...15) are left out on purpose: users redefine them in their themes, so
/// they would not show the location's colour.
enum Palette256 {
    /// The channel values of the cube's six steps.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The palette index nearest to a colour, by squared distance in RGB, among the cube and the greys.
    static func nearestIndex(red: UInt8, green: UInt8, blue: UInt8) -> Int {
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let (cr, cg, cb) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
        let cubeIndex = 16 + 36 * cr + 6 * cg + cb
        let cubeDistance = distance(r, g, b, cubeLevels[cr], cubeLevels[cg], cubeLevels[cb])

        // Grey ramp step i is 8 + 10·i; take the step nearest to the mean of the channels.
        let mean = (r + g + b) / 3
        let step = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * step
        let greyDistance = distance(r, g, b, grey, grey, grey)
        return greyDistance < cubeDistance ? 232 + step : cubeIndex
    }

    /// The index of the cube step nearest to one channel value.
    static func nearestLevel(_ value: Int) -> Int {
        cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }!
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        (r1 - r2) * (r1 - r2) + (g1 - g2) * (g1 - g2) + (b1 - b2) * (b1 - b2)
    }
}
