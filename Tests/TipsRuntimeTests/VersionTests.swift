import Testing
import TipsRuntime

@Test func runtimeDeclaresTheGeneratedCodeVersion() {
    #expect(TipsRuntimeGeneratedCodeVersion1.isCompatible)
}
