import System
import SystemLibc
import Testing

@Suite struct NulTerminatedStringTests {
  @Test func theTextEndsAtTheFirstNulOrTheBuffer() {
    // "é" is two UTF-8 bytes, 0xC3 0xA9, which are negative as CChar.
    let accented: [CChar] = [0x63, 0x61, 0x66, -61, -87, 0, 0x78, 0]
    #expect(String(nulTerminated: accented) == "café")
    #expect(String(nulTerminated: [0x61, 0x62]) == "ab")
    #expect(String(nulTerminated: [0, 0x61]) == "")
    #expect(String(nulTerminated: []) == "")
  }
}
