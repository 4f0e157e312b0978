import TopWeightCLI

TopWeightCommand.mainWithSafeMessages()
