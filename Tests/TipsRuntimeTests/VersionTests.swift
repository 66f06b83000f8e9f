import Testing
import TipsRuntime

@Test func runtimeDeclaresTheGeneratedCodeVersion() {
    #expect(TipsRuntimeGeneratedCodeVersion2.isCompatible)
}
