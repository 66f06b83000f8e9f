import TipsCompiler

print("tipc \(TipcVersion.current)")
