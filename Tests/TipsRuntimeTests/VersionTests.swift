import Testing
import TipsRuntime

@Test func runtimeDeclaresTheGeneratedCodeVersion() {
    #expect(TipsRuntimeGeneratedCodeVersion4.isCompatible)
}
