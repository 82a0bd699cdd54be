from spadesctl.cli import main

main()
