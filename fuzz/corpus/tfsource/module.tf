variable "env" {
  type = string
}

resource "azurerm_linux_virtual_machine" "serve" {
  for_each = toset(["a", "b"])
  name     = "vm-serve-${each.key}"
  location = "eastus"
  tags     = { "aivm-phase" = "inference", "aivm-kind" = "generative", "aivm-params" = "7B" }
  size     = "Standard_ND96isr_H100_v5"
}

module "pool" {
  source = "./pool"
}
