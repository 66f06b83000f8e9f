import Testing
import TipsRuntime

@Test func runtimeDeclaresTheGeneratedCodeVersion() {
    #expect(TipsRuntimeGeneratedCodeVersion5.isCompatible)
}
