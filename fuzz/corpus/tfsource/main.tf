# Root module of the --source fixture (docs/check.md, "Findings on the source").
// Comments, strings and heredocs below hold text that looks like blocks:
/* resource "azurerm_linux_virtual_machine" "train" {
     size = "Standard_in_a_comment"
   } */

locals {
  note = "resource \"azurerm_linux_virtual_machine\" \"train\" { size = \"x\" } ${var.env}-${lookup({ a = "}" }, "a", "{")}"
  script = <<-EOT
    resource "azurerm_linux_virtual_machine" "train" {
      size = "Standard_in_a_heredoc"
    }
    EOT
}

resource "azurerm_linux_virtual_machine" "train" {
  count    = 2
  name     = "vm-train-${count.index}"
  location = "eastus"
  tags = {
    "aivm-phase" = "train"
    "aivm-kind"  = "generative"
    "aivm-params" = "405B"
  }
  size = "Standard_ND96isr_H100_v5"
}

resource "azurerm_linux_virtual_machine" "from_var" {
  name     = "vm-var"
  location = "eastus"
  size     = var.vm_size
}

resource "azurerm_kubernetes_cluster" "aks" {
  name = "aks"
  default_node_pool {
    name       = "system"
    node_count = 3
    vm_size    = "Standard_NC24ads_A100_v4"
  }
}

module "gpu" {
  source = "./modules/gpu"
  env    = "prod"
}
