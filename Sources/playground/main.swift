import PlaygroundKit

PlaygroundCommand.runMain()
