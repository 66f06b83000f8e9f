import Testing
import TipsRuntime

@Test func runtimeDeclaresTheGeneratedCodeVersion() {
    #expect(TipsRuntimeGeneratedCodeVersion3.isCompatible)
}
