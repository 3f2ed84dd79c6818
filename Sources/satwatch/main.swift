import SatwatchKit

await SatwatchCommandLine.main()
