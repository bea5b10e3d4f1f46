from refbox.cli import main

raise SystemExit(main())
